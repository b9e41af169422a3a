/**
 * Private chat (issue 4): an index for the read marks. `readed` updates a pair's
 * messages below RECALL and `maxReadedId` takes the largest READED id of a pair;
 * both look rows up by (send_id, recv_id, status) and the latter reads the max id.
 */
import type { MigrationFactory } from './helpers.js';

export const privateMessages: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createIndex('private_messages_pair_status_idx')
      .on('private_messages')
      .columns(['send_id', 'recv_id', 'status', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('private_messages_pair_status_idx').execute();
  },
});

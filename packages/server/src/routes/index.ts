/** Every endpoint's handler; the Handlers type makes a missing one a compile error. */
import type { Handlers } from '../http/handlers.js';
import type { Services } from '../services/index.js';
import { accountRoutes } from './account.js';
import { callRoutes } from './calls.js';
import { contactRoutes } from './contacts.js';
import { fileRoutes } from './file.js';
import { groupCallRoutes } from './group-calls.js';
import { groupRoutes } from './groups.js';
import { messageRoutes } from './message.js';
import { userRoutes } from './user.js';

export const buildHandlers = (services: Services): Handlers => ({
  ...accountRoutes(services),
  ...userRoutes(services),
  ...contactRoutes(services),
  ...fileRoutes(services),
  ...messageRoutes(services),
  ...groupRoutes(services),
  ...callRoutes(services),
  ...groupCallRoutes(services),
});

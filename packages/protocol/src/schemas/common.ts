import { z } from 'zod';
import { ReplyCode } from '../constants.js';

/** Every REST reply (wire-contract §1). `key` names the catalogue entry on errors. */
export const replySchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    message: z.string(),
    data,
    key: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  });

export interface Reply<T> {
  code: number;
  message: string;
  data: T;
  key?: string;
  /** Values for the `{{name}}` slots of the catalogue message (e.g. `reason`), on errors only. */
  params?: Record<string, string | number>;
}

export const ok = <T>(data: T): Reply<T> => ({ code: ReplyCode.OK, message: 'success', data });

export const nothing = z.null();

/** A rejected request: the reply code (or a runtime code of spec §8) and its catalogue key. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly key?: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

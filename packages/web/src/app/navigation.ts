/**
 * Navigation for code outside React (api wrapper, socket, session). The router
 * registers itself at start; before that, calls fall back to setting the hash.
 */
export interface NavigateOptions {
  replace?: boolean;
  /** History state of the new entry (a call page keeps its callId there). */
  state?: unknown;
}
type Navigate = (to: string, options?: NavigateOptions) => void;

let navigator: Navigate = (to) => {
  globalThis.location.hash = `#${to}`;
};

export function registerNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigator(to, options);
}

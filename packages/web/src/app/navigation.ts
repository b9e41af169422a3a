/**
 * Navigation for code outside React (api wrapper, socket, session). The router
 * registers itself at start; before that, calls fall back to setting the hash.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => {
  globalThis.location.hash = `#${to}`;
};

export function registerNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

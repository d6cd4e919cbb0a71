/** Lets non-React code (the api client) navigate through the router. */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigator(to, opts);
}

/*
 * What the iOS wrapper's web view provides, simulated: WKWebView registers a script message
 * handler named "avalive" before the page's own scripts run, so the page finds
 * window.webkit.messageHandlers.avalive.postMessage. The simulator (scripts/host-demo.ts) adds this
 * file at the top of every page it serves from Avalive; the messages go to the simulated native
 * side, the page that frames this one (ios.html), as a real handler's go to Swift.
 */
(() => {
  const relay = (body) => window.parent.postMessage({ webkitMessageHandler: "avalive", body }, window.location.origin);
  window.webkit = { messageHandlers: { avalive: { postMessage: relay } } };
})();

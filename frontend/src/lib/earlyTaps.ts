// The taps held while the page came alive: the first lines of every page's <head>
// (scripts/prerender.mjs, CATCHER) hold a tap on a button (or a pop-up form's link)
// until the page's code can work it; once the page is alive each is pressed, once, in
// the order tapped.

declare global {
  interface Window {
    thewellEarlyTaps?: HTMLElement[];
  }
}

/** Presses each button tapped before the page came alive (call once it is). */
export function replayEarlyTaps(): void {
  const taps = window.thewellEarlyTaps?.splice(0) ?? [];
  for (const button of taps) {
    button.removeAttribute('data-waiting');
    button.removeAttribute('aria-busy');
    if (button.isConnected) button.click();
  }
}

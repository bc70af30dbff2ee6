// The home page's pop-up flags (launch RSVP, then the welcome), kept in the browser as 'true'.
// Touched only from effects and handlers, never at module load (prerendering).
const LAUNCH = 'hasSeenChurchLaunch';
const WELCOME = 'hasSeenGlobalWelcome';

/** The pop-ups a first visit of the home page opens, in order: each until its flag is
 *  set, the launch also not once its day is over (`over`: the site-content block's entry
 *  whose `overAt` ends it). The page's loader reads this (as the page-code block's
 *  `popUpPhotos`, scripts/prerender.mjs) to fetch the due pop-up's photo beside the
 *  page's code, not after it. */
export const FIRST_VISIT = [
  { popUp: 'launch', seen: LAUNCH, over: 'launch' },
  { popUp: 'welcome', seen: WELCOME },
] as const;

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    return false; // storage blocked: behave as a first visit
  }
}

function mark(key: string): void {
  try {
    window.localStorage.setItem(key, 'true');
  } catch {
    // storage blocked: the pop-ups show again next time, nothing worse
  }
}

export const flags = {
  seenLaunch: () => read(LAUNCH),
  seenWelcome: () => read(WELCOME),
  markLaunch: () => mark(LAUNCH),
  markWelcome: () => mark(WELCOME),
};

let minimizeRequested = false;

/** The welcome window closes in two ways: closed, or minimized to a floating button. */
export const welcomeState = {
  minimizeNext() {
    minimizeRequested = true;
  },
  takeMinimize(): boolean {
    const requested = minimizeRequested;
    minimizeRequested = false;
    return requested;
  },
};

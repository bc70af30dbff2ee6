// The fonts a phone brings that the site counts on: Urdu in Nastaliq (Android and iOS ship
// Noto Nastaliq Urdu; the site downloads no font). Without it here, a browser test or a
// Lighthouse run would lay Urdu out as no phone does: each letter searched for in every
// installed font (tens of milliseconds of the first layout) and drawn as a box.
import { execFileSync } from 'node:child_process';

const URDU = 'Noto Nastaliq Urdu';

/** Throws, saying what to install, unless this machine has the Urdu font phones ship. */
export function requirePhoneFonts() {
  let found = '';
  try {
    found = execFileSync('fc-list', [URDU, 'family'], { encoding: 'utf8' });
  } catch {
    // no fontconfig at all: the message below says what to install
  }
  if (!found.includes(URDU)) {
    throw new Error(`the font phones use for Urdu (${URDU}) is not installed: apt-get install fonts-noto-core`);
  }
}

// Words that depend on a setting not set yet: what to say once it is set, and what to
// say honestly until then ('Online giving opens soon'). Both are in the page; the
// server marks which one shows (lib/settings.ts: settingMark), so it reads the same
// with and without the page's script, and the styles hide the other.
import type { ComponentChildren } from 'preact';
import { settingMark, type TextKey } from '../lib/settings';

export function SetOrSoon({ setting, set, soon }: { setting: TextKey; set: ComponentChildren; soon: ComponentChildren }) {
  return (
    <>
      <span class="only-set" {...settingMark(setting)}>
        {set}
      </span>
      <span class="only-unset" {...settingMark(setting)}>
        {soon}
      </span>
    </>
  );
}

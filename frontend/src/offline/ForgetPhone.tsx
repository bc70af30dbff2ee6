// "Forget what this phone keeps": one press (confirmed) deletes everything the site
// keeps on the phone (offline/page.ts forgetEverything). In the footer and on the
// offline page; it needs the page's script, as does everything it deletes.
import { offlineWords } from '../content/offline';
import { forgetEverything } from './page';
import { toast } from '../lib/toast';

export function ForgetPhone({ class: buttonClass }: { class: string }) {
  async function forget() {
    if (!window.confirm(offlineWords.forgetConfirm)) return;
    const all = await forgetEverything();
    toast(all ? offlineWords.forgotten : { ...offlineWords.forgetFailed, variant: 'destructive' });
  }
  return (
    <button type="button" class={buttonClass} data-needs-script data-testid="forget-phone" onClick={() => void forget()}>
      {offlineWords.forget}
    </button>
  );
}

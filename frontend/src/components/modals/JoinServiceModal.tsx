// 'Join Our Next Service' on the worship page: when and where to worship together.
import { joinService as copy } from '../../content/modals';
import { Link } from '../../lib/router';
import { GatheringTime } from '../GatheringTime';
import { Modal } from '../Modal';
import type { ModalProps } from './ModalProps';
import { Words } from '../../lib/words';

export default function JoinServiceModal({ onClose }: ModalProps) {
  return (
    <Modal title={copy.title} onClose={onClose} testId="join-service-modal">
      <p class="text-slate-700"><Words text={copy.text} /></p>
      <dl class="mt-4 grid gap-3">
        {copy.items.map((item) => (
          <div key={item.label} class="rounded-xl border border-slate-200 p-3">
            <dt class="font-semibold text-sky-900"><Words text={item.label} /></dt>
            <dd class="text-sm text-slate-700">
              <GatheringTime id={item.scheduleId} fallback={item.when} />
            </dd>
            <dd class="text-sm text-slate-700"><Words text={item.place} /></dd>
          </div>
        ))}
      </dl>
      <div class="mt-5 flex flex-wrap gap-3">
        <Link to={copy.plan.to} onClick={onClose} class="rounded-full bg-sky-900 px-5 py-2 font-semibold text-white hover:bg-sky-800">
          {copy.plan.label}
        </Link>
        <Link to={copy.study.to} onClick={onClose} class="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50">
          {copy.study.label}
        </Link>
      </div>
    </Modal>
  );
}

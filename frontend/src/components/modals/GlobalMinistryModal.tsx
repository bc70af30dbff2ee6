// Global Ministry: the three campuses and their times; closing it is 'minimize'.
import { campuses } from '../../content/campuses';
import { globalMinistry as copy } from '../../content/modals';
import { Link } from '../../lib/router';
import { GatheringTime } from '../GatheringTime';
import { Modal } from '../Modal';
import type { ModalProps } from './ModalProps';
import { GatheringNotes, listed, Words } from '../../lib/words';

export default function GlobalMinistryModal({ onClose }: ModalProps) {
  return (
    <Modal title={copy.title} subtitle={copy.subtitle} closeLabel={copy.minimize} minimize onClose={onClose} testId="global-ministry-modal">
      <ul class="grid gap-4">
        {campuses.map((campus) => (
          <li key={campus.id} class="rounded-xl border border-slate-200 p-4">
            <h3 class="font-serif text-lg font-semibold text-sky-900">
              {campus.name} <span class="font-sans text-sm font-normal text-slate-600">(<Words text={campus.places} />)</span>
            </h3>
            <dl class="mt-2 grid gap-1 text-sm">
              {campus.gatherings.filter((g) => listed(g.scheduleId)).map((g) => (
                <div key={g.label} class="grid gap-x-4 sm:grid-cols-[9rem_1fr]">
                  <dt class="font-medium text-slate-800"><Words text={g.label} /></dt>
                  <dd class="text-slate-700">
                    {/* Where, then when, then the calendar link: each on its own line, nothing run together. */}
                    <div>
                      <Words text={g.where} />
                    </div>
                    <div>{g.scheduleId ? <GatheringTime id={g.scheduleId} fallback={g.when} calendar /> : <Words text={g.when} />}</div>
                    <GatheringNotes id={g.scheduleId} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <Link to="/global-campuses" onClick={onClose} class="mt-5 inline-flex rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800">
        {copy.explore}
      </Link>
    </Modal>
  );
}

// Prayer Request — We'd love to pray for you.
import { prayerRequest as copy } from '../../content/modals';
import { PrayerRequestForm } from '../forms/PrayerRequestForm';
import { Modal } from '../Modal';
import type { ModalProps } from './ModalProps';

export default function PrayerRequestModal({ onClose }: ModalProps) {
  return (
    <Modal title={`${copy.title} — ${copy.subtitle}`} onClose={onClose} testId="prayer-request-modal">
      <PrayerRequestForm onSuccess={onClose} onCancel={onClose} />
    </Modal>
  );
}

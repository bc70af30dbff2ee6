// North Campus interest form.
import { northCampus as copy } from '../../content/modals';
import { NorthCampusForm } from '../forms/NorthCampusForm';
import { Modal } from '../Modal';
import type { ModalProps } from '../ModalHost';

export default function NorthCampusModal({ onClose }: ModalProps) {
  return (
    <Modal title={copy.title} subtitle={copy.subtitle} onClose={onClose} wide testId="north-campus-modal">
      <NorthCampusForm onSuccess={onClose} />
    </Modal>
  );
}

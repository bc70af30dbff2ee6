// The Connect Card form.
import { connectCard as copy } from '../../content/modals';
import { ConnectCardForm } from '../forms/ConnectCardForm';
import { Modal } from '../Modal';
import type { ModalProps } from '../ModalHost';

export default function ConnectCardModal({ onClose }: ModalProps) {
  return (
    <Modal title={copy.title} subtitle={copy.subtitle} onClose={onClose} wide testId="connect-card-modal">
      <ConnectCardForm onSuccess={onClose} />
    </Modal>
  );
}

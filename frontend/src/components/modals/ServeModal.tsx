// The Serve Interest Form.
import { serve as copy } from '../../content/modals';
import { ServeForm } from '../forms/ServeForm';
import { Modal } from '../Modal';
import type { ModalProps } from '../ModalHost';

export default function ServeModal({ onClose }: ModalProps) {
  return (
    <Modal title={copy.title} subtitle={copy.subtitle} onClose={onClose} wide testId="serve-modal">
      <ServeForm onSuccess={onClose} />
    </Modal>
  );
}

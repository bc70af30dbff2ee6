// The shell of a modal that holds one form: a wide window with the form's title
// and subtitle, closed once the form is stored.
import type { FunctionComponent } from 'preact';
import { Modal } from '../Modal';
import type { ModalProps } from './ModalProps';

export function formModal(copy: { title: string; subtitle: string }, Form: FunctionComponent<{ onSuccess: () => void }>, testId: string): FunctionComponent<ModalProps> {
  return function FormModal({ onClose }: ModalProps) {
    return (
      <Modal title={copy.title} subtitle={copy.subtitle} onClose={onClose} wide testId={testId}>
        <Form onSuccess={onClose} />
      </Modal>
    );
  };
}

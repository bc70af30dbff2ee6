// What every modal receives from the ModalHost. Its own module, so the modals and
// the host that loads them import it without importing each other.
export interface ModalProps {
  onClose: () => void;
}

// The Serve Interest Form.
import { serve as copy } from '../../content/modals';
import { ServeForm } from '../forms/ServeForm';
import { formModal } from './FormModal';

export default formModal(copy, ServeForm, 'serve-modal');

// The Connect Card form.
import { connectCard as copy } from '../../content/modals';
import { ConnectCardForm } from '../forms/ConnectCardForm';
import { formModal } from './FormModal';

export default formModal(copy, ConnectCardForm, 'connect-card-modal');

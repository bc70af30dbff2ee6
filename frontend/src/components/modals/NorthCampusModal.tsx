// North Campus interest form.
import { northCampus as copy } from '../../content/modals';
import { NorthCampusForm } from '../forms/NorthCampusForm';
import { formModal } from './FormModal';

export default formModal(copy, NorthCampusForm, 'north-campus-modal');

/** The dashboard's one confirmation dialog, kept here for the keys feature's imports. */
export { ConfirmDialog } from '../../../components/dashboard/ConfirmDialog';

import BusinessIcon from '@mui/icons-material/Business';
import { OrganizationList } from './OrganizationList';
import { OrganizationShow } from './OrganizationShow';

/** The console's organisations, as react-admin's demo exports a resource: `<Resource name="organizations" {...organizations} />`. */
export const organizations = { list: OrganizationList, show: OrganizationShow, icon: BusinessIcon };

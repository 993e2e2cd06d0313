import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import PeopleIcon from '@mui/icons-material/People';
import KeyIcon from '@mui/icons-material/VpnKey';
import MailIcon from '@mui/icons-material/MarkEmailUnread';
import HistoryIcon from '@mui/icons-material/History';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import { useMemo } from 'react';
import { adminThemeOptions } from '../theme';
import { useColorMode } from '../components/ui/color-mode';
import { createAdminDataProvider } from './dataProvider';
import { createAdminAuthProvider } from './authProvider';
import { AdminLayout, AdminNotFound } from './layout/AdminLayout';
import { AdminNotification } from './layout/AdminNotification';
import { AdminDashboard } from './dashboard/AdminDashboard';
import { UserList } from './users/UserList';
import { UserShow } from './users/UserShow';
import { ApiKeyList } from './apiKeys/ApiKeyList';
import { SupportMessageList, SupportMessageShow } from './supportMessages/SupportMessages';
import { AuditLogList } from './auditLog/AuditLogList';
import { TzdbPage } from './tzdb/TzdbPage';
import { JobList } from './jobs/JobList';
import { organizations } from './organizations';

const dataProvider = createAdminDataProvider();
const authProvider = createAdminAuthProvider();

/**
 * The super-admin console (react-admin), lazy-loaded by the shell's AdminGate at /admin/* for super admins.
 * Custom actions (block, unblock, plan, rotate) are data-provider methods.
 */
export default function AdminApp() {
  // The app's light/dark choice (one toggle for the whole site); react-admin's own dark-theme switch is not used.
  const { mode } = useColorMode();
  const theme = useMemo(() => adminThemeOptions(mode), [mode]);
  return (
    <Admin
      basename="/admin"
      title="Admin Console"
      dataProvider={dataProvider}
      authProvider={authProvider}
      requireAuth
      disableTelemetry
      theme={theme}
      darkTheme={null}
      layout={AdminLayout}
      notification={AdminNotification}
      dashboard={AdminDashboard}
      catchAll={AdminNotFound}
    >
      <Resource name="users" list={UserList} show={UserShow} icon={PeopleIcon} options={{ label: 'Users' }} recordRepresentation="email" />
      <Resource name="organizations" {...organizations} options={{ label: 'Organisations' }} recordRepresentation="name" />
      <Resource name="api-keys" list={ApiKeyList} icon={KeyIcon} options={{ label: 'API Keys' }} recordRepresentation="name" />
      <Resource
        name="support-messages"
        list={SupportMessageList}
        show={SupportMessageShow}
        icon={MailIcon}
        options={{ label: 'Support Messages' }}
        recordRepresentation="subject"
      />
      <Resource name="audit-log" list={AuditLogList} icon={HistoryIcon} options={{ label: 'Audit Log' }} />
      <Resource name="jobs" list={JobList} icon={WorkHistoryIcon} options={{ label: 'Jobs' }} />
      <CustomRoutes>
        <Route path="/tzdb" element={<TzdbPage />} />
      </CustomRoutes>
    </Admin>
  );
}

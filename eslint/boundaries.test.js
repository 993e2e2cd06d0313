import { describe, it } from 'node:test';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { boundariesRule, ROOT } from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const at = (path) => join(ROOT, path);
const allow = { 'backend/src/modules/keys/keys.controller.ts': ['backend/src/modules/usage/usage.recorder'] };

tester.run('tzapi/boundaries', boundariesRule, {
  valid: [
    { filename: at('backend/src/modules/keys/keys.service.ts'), code: "import { KeyDirectory } from './key-directory.js';" },
    { filename: at('backend/src/modules/keys/dto/x.ts'), code: "import { PLANS } from '../../../config/plans.js';" },
    { filename: at('backend/src/modules/keys/keys.controller.ts'), code: "import { UsageRecorder } from '../usage/usage.recorder.js';", options: [{ allow }] },
    { filename: at('backend/src/modules/timezone/time.controller.ts'), code: "import { PublicApi } from '../gateway/sold-route.js';" },
    { filename: at('backend/src/modules/gateway/api-key.guard.ts'), code: "import { KeyDirectory } from '../keys/key-directory.js';" },
    { filename: at('backend/src/modules/gateway/metering.ts'), code: "import { UsageRecorder } from '../usage/usage.recorder.js';" },
    { filename: at('frontend/src/features/keys/components/X.tsx'), code: "import { toast } from '../../../components/ui/toast';" },
    { filename: at('backend/src/modules/billing/billing.service.ts'), code: "import { User } from '../accounts/user.entity.js';" },
    { filename: at('backend/src/modules/auth/auth.service.ts'), code: "import { AccountCommands } from '../accounts/account-commands.js';" },
    { filename: at('backend/src/modules/mcp/mcp-tools.ts'), code: "import { TimeController } from '../timezone/time.controller.js';" },
    { filename: at('backend/test/integration/x.spec.ts'), code: "import { UsageRepository } from '../../src/modules/usage/usage.repository.js';" },
  ],
  invalid: [
    {
      name: 'a feature importing a file another module does not publish',
      filename: at('backend/src/modules/billing/billing.service.ts'),
      code: "import { AccountClosureService } from '../self-service/account-closure.service.js';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'a feature importing a file published only to another feature',
      filename: at('backend/src/modules/site/site.service.ts'),
      code: "import { TimeController } from '../timezone/time.controller.js';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'common/ importing even a published file',
      filename: at('backend/src/common/x.ts'),
      code: "import { User } from '../modules/accounts/user.entity.js';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'a new import between backend features',
      filename: at('backend/src/modules/keys/keys.controller.ts'),
      code: "import { UsageRepository } from '../usage/usage.repository.js';",
      options: [{ allow }],
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'the gateway importing a feature file outside its allow-list',
      filename: at('backend/src/modules/gateway/api-key.guard.ts'),
      code: "import { KeysService } from '../keys/keys.service.js';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'common/ importing the gateway',
      filename: at('backend/src/common/x.ts'),
      code: "import { PublicApi } from '../modules/gateway/sold-route.js';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'common/ importing a feature',
      filename: at('backend/src/common/x.ts'),
      code: "export { User } from '../modules/auth/user.entity.js';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'frontend features importing each other',
      filename: at('frontend/src/features/dashboard/x.tsx'),
      code: "import { useApiKeys } from '../keys/api';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      name: 'components/ importing a feature',
      filename: at('frontend/src/components/layouts/x.tsx'),
      code: "const m = import('../../features/auth/api');",
      errors: [{ messageId: 'crossing' }],
    },
  ],
});

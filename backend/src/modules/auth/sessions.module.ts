import { Global, Module } from '@nestjs/common';
import { SessionGuard } from './authenticated.js';
import { SessionsService } from './sessions.service.js';
import { SessionsRepository } from './sessions.repository.js';

/** Browser sessions and their guard: global, so every feature's `@Authenticated` route resolves the session guard. */
@Global()
@Module({
  providers: [SessionsService, SessionGuard, SessionsRepository],
  exports: [SessionsService, SessionGuard, SessionsRepository],
})
export class SessionsModule {}

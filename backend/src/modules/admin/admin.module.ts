import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';

/** The super-admin API behind the react-admin console (/admin). */
@Module({
  imports: [KeysModule],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}

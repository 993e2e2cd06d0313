import { Module } from '@nestjs/common';

/** Accounts: register, verify, login, reset, profile. Sessions themselves live in CoreModule. */
@Module({})
export class AuthModule {}

import { CanActivate, Injectable } from '@nestjs/common';

/** Placeholder until the keys module lands: the real guard checks the key, restrictions and plan limits. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

import { ConsoleLogger } from '@nestjs/common';

/** Nest's start-up chatter (every module and route) buries the lines an operator needs; keep the rest. */
const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

export class AppLogger extends ConsoleLogger {
  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && QUIET_CONTEXTS.has(context)) return;
    super.log(message, ...(rest as [string]));
  }
}

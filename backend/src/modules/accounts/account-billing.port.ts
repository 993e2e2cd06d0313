/**
 * What an account's life asks of billing, provided by the billing module under ACCOUNT_BILLING (BillingCommands):
 * accounts stays at the bottom and imports no billing; the features above (self-service's closure) ask through this.
 */
export interface AccountBilling {
  /**
   * Ends, at once, every subscription of the account the provider may still bill (the plan returns to free); answers
   * how many. Throws a problem (409 a billing change in progress, 502 the provider unreachable) and changes nothing then.
   */
  endSubscriptions(userId: string): Promise<number>;
}

export const ACCOUNT_BILLING = Symbol('AccountBilling');

/**
 * A controller's answer with its JSON text made once: a memoised answer (the same object for many requests) is sent as
 * that text, so a repeated answer is not serialised again. The lane sends `json` when the request negotiated JSON, and
 * `value` through the XML or CSV serializer otherwise; metering reads `value` either way.
 */
export class PreparedAnswer {
  private text: string | undefined;

  constructor(readonly value: object) {}

  get json(): string {
    return (this.text ??= JSON.stringify(this.value));
  }
}

/**
 * What this process knows about the outside services it depends on, for /readyz and /metrics:
 * which are degraded (the product works around them: docs/operations.md), since when, and how
 * often each went away. Never fails the instance: a degraded service is reported, not fatal.
 */

export type ServiceName = "redis" | "smtp" | "bankid";

export const SERVICES: readonly ServiceName[] = ["redis", "smtp", "bankid"];

export interface DegradedService {
  service: ServiceName;
  since: string;
  /** A short, content-free reason (an error code, never a message that could quote input). */
  reason: string;
}

export class ServiceHealth {
  private readonly degraded = new Map<ServiceName, { since: Date; reason: string }>();
  private readonly outages = new Map<ServiceName, number>();

  /** The service failed; the first failure of an outage starts it. */
  markDown(service: ServiceName, reason: string, now = new Date()): void {
    if (this.degraded.has(service)) return;
    this.degraded.set(service, { since: now, reason: reason.slice(0, 120) });
    this.outages.set(service, (this.outages.get(service) ?? 0) + 1);
  }

  markUp(service: ServiceName): void {
    this.degraded.delete(service);
  }

  isDown(service: ServiceName): boolean {
    return this.degraded.has(service);
  }

  snapshot(): DegradedService[] {
    return [...this.degraded].map(([service, { since, reason }]) => ({ service, since: since.toISOString(), reason }));
  }

  /** Outages seen by this process since it started, by service. */
  outageCounts(): Record<ServiceName, number> {
    return Object.fromEntries(SERVICES.map((s) => [s, this.outages.get(s) ?? 0])) as Record<ServiceName, number>;
  }
}

import type { ServiceError } from './ports.ts';

/** What adapters reject with: an Error carrying the service's status and code. An empty message means "none given". */
export class ServiceFailure extends Error implements ServiceError {
  /** The HTTP status, when there was a response. */
  readonly status?: number;
  /** The service's error code, if any. */
  readonly code?: string;

  constructor(error: ServiceError) {
    super(error.message ?? '');
    this.name = 'ServiceFailure';
    if (error.status !== undefined) this.status = error.status;
    if (error.code !== undefined) this.code = error.code;
  }
}

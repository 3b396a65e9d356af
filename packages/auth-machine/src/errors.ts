import type { ServiceError } from './ports';

/** What adapters reject with: an Error carrying the service's status and code. An empty message means "none given". */
export class ServiceFailure extends Error implements ServiceError {
  readonly status?: number;
  readonly code?: string;

  constructor(error: ServiceError) {
    super(error.message ?? '');
    this.name = 'ServiceFailure';
    if (error.status !== undefined) this.status = error.status;
    if (error.code !== undefined) this.code = error.code;
  }
}

// Supabase Storage's errors (supabase/storage src/internal/errors/codes.ts): HTTP status, `code`, the older `error`
// field, and the message, answered as `{statusCode, code, error, message}`.

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  body() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  routeNotFound: () => new StorageError(404, 'NotFound', 'not_found', 'Route not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  entityTooLarge: (entity = 'object') =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', `The ${entity} exceeded the maximum allowed size`),
  bodyTooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'Request body is too large'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(409, 'InvalidRequest', 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidFileSizeLimit: () =>
    new StorageError(
      400,
      'InvalidRequest',
      'InvalidRequest',
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    ),
  invalidParameter: (parameter: string) =>
    new StorageError(400, 'InvalidRequest', 'InvalidRequest', `Invalid Parameter ${parameter}`),
  noContent: (message = 'No content provided') => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
};

export {
  CampsiteClient,
  type Booking,
  type BookingQuery,
  type ClientOptions,
  type CreateBookingInput,
  type CreateOptions,
  type Customer,
  type Invoice,
  type ListQuery,
  type Page,
  type RetryPolicy,
  type Site,
} from './client';
export {
  ApiError,
  AuthenticationError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
  type FieldErrors,
} from './errors';
export type { components, operations, paths } from './schema';

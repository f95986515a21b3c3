// Every refusal is an AppError; the one error handler turns it into { message }.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra?: { errors?: Record<string, string>; headers?: Record<string, string>; data?: unknown },
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const forbidden = (message = 'You do not have permission to do that') => new AppError(403, message);
export const unauthorized = (message = 'Not authenticated') => new AppError(401, message);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, errors ? { errors } : undefined);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, { data });

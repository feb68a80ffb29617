import { ApiError } from "../../../shared/model/errors";

// The coded error answers the services throw; the API app turns each into its
// status and JSON body.

/** A coded error answer (wire-contract §0.2). */
export const apiError = (status: number, code: string, message: string): ApiError =>
  new ApiError({ status, code, message });

export const badRequest = (message: string): ApiError => apiError(400, "BAD_REQUEST", message);
export const notFound = (message: string): ApiError => apiError(404, "NOT_FOUND", message);
export const forbidden = (message: string): ApiError => apiError(403, "PERMISSION_DENIED", message);
export const unauthorized = (message: string): ApiError => apiError(401, "UNAUTHORIZED", message);
export const gone = (message: string): ApiError => apiError(410, "GONE", message);
export const tooManyRequests = (message: string): ApiError =>
  apiError(429, "TOO_MANY_REQUESTS", message);

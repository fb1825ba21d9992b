import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../shared/errors.js';
import { validationError } from './validation.js';

/** Maps anything thrown while serving a request to the contract's error body. Internals never leak. */
export function toApiError(error: FastifyError | ApiError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const fe = error as FastifyError & { validationContext?: string };
  if (fe.validation) return validationError(fe.validation as never, fe.validationContext ?? 'body');
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'Request body is larger than 1 MiB');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? new ApiError(415, 'Content-Type must be application/json')
        : new ApiError(400, 'Content-Length does not match the body');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'Request body is not valid JSON');
  }
  if (fe.statusCode === 413) return new ApiError(413, 'Request body is larger than 1 MiB');
  if (fe.statusCode === 415) return new ApiError(415, 'Content-Type must be application/json');
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return new ApiError(400, 'Bad request');
  return new ApiError(500, 'Internal server error');
}

export function sendError(error: ApiError, reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = toApiError(error);
  // Written whether or not Fastify's logger is on (it is off by default): an internal error is a defect,
  // and its stack is the only way to find it. The path without its query (tokens may ride in it).
  if (apiError.statusCode === 500) process.stderr.write(`crossbuy: internal error on ${request.method} ${request.url.split('?')[0]}: ${error.stack ?? error.message}\n`);
  return sendError(apiError, reply);
}

/**
 * Errors Fastify raises before routing (a path that is not valid percent-encoding, an over-long path
 * parameter): the API's error shape like any other, without Fastify's `code` and without echoing the URL.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return sendError(new ApiError(400, 'The URL is malformed (invalid percent-encoding)'), reply);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(new ApiError(400, 'A path segment is too long'), reply);
    default:
      return sendError(toApiError(error), reply);
  }
}

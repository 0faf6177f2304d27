import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import { bodyErrorOf } from './errors';

/**
 * Answers a body the JSON parser refused (400 MalformedJson, 413, 415 …) once the route's
 * guard has let the request through: interceptors run after guards, before pipes and handler.
 */
@Injectable()
export class BodyErrorInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const refused = bodyErrorOf(context.switchToHttp().getRequest());
    if (refused) throw refused;
    return next.handle();
  }
}

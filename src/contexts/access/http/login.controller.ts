import { ApiExcludeController } from '@nestjs/swagger';
import { Controller, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { UnauthorizedError } from '../../../app/http/access/access-errors';
import { KEY_COOKIE, LedgerAccess } from '../../../app/http/access/ledger-access';
import { sendPage, type PageResponse } from '../../../app/pages/respond';

/** A login form's body is a few bytes: anything longer is not one. */
const MAX_FORM_BYTES = 4096;

interface FormRequest extends AsyncIterable<Buffer | string> {
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
}
interface CookieResponse extends PageResponse {
  setHeader(name: string, value: string | string[]): unknown;
}

/**
 * The form as every page is sent (its policy forbids framing it, running script or sniffing a
 * type: ../../../app/pages/respond.ts), never cached: a key is typed into it.
 */
function sendLoginPage(res: CookieResponse, message?: string, status = 200): void {
  res.setHeader('Cache-Control', 'no-store');
  sendPage(res, loginPage(message), status);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The one page of the access: a form, no script. */
function loginPage(message?: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>bridge-ledger: log in</title></head>',
    '<body><main>',
    '<h1>Log in with your API key</h1>',
    message ? `<p role="alert">${escapeHtml(message)}</p>` : '',
    '<form method="post" action="/login">',
    '<label for="key">API key</label> ',
    '<input id="key" name="key" type="password" autocomplete="off" required size="60">',
    ' <button type="submit">Log in</button>',
    '</form>',
    '<form method="post" action="/logout"><button type="submit">Log out</button></form>',
    '</main></body></html>',
  ].join('\n');
}

/** The form's `key`: read from a urlencoded body (the JSON parser took a JSON one already). */
async function formKey(req: FormRequest): Promise<string | undefined> {
  if (typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body)) {
    const key = (req.body as Record<string, unknown>).key;
    return typeof key === 'string' ? key.trim() : undefined;
  }
  let text = '';
  for await (const chunk of req) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.length > MAX_FORM_BYTES) return undefined;
  }
  return new URLSearchParams(text).get('key')?.trim() || undefined;
}

const cookie = (value: string, maxAge?: number) =>
  [
    `${KEY_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
  ].join('; ');

/**
 * The pages' login. `GET /login` is a form (no JavaScript); `POST /login` checks the
 * form's `key` and sets it as an HttpOnly, SameSite=Strict cookie (the guard reads it as it
 * reads `Authorization: Bearer`), then sends the browser to `/`; `POST /logout` clears it.
 */
// A form for people (the pages), not part of the API document.
@ApiExcludeController()
@Controller()
export class LoginController {
  constructor(private readonly access: LedgerAccess) {}

  @Get('login')
  form(@Res() res: CookieResponse): void {
    sendLoginPage(res);
  }

  @Post('login')
  async login(@Req() req: FormRequest, @Res() res: CookieResponse): Promise<void> {
    const token = await formKey(req);
    try {
      if (!token) throw new UnauthorizedError('no-key', 'give your API key in the form field key');
      const viewer = await this.access.viewerOf(token, req.ip);
      if (viewer.mode === 'open') {
        throw new UnauthorizedError(
          'open-mode',
          'no API key is issued: the ledger is in open mode, there is nothing to log in to',
        );
      }
    } catch (e) {
      if (!(e instanceof UnauthorizedError)) throw e;
      sendLoginPage(res, e.message, HttpStatus.UNAUTHORIZED);
      return;
    }
    res.setHeader('Set-Cookie', cookie(token));
    res.setHeader('Location', '/');
    res.status(HttpStatus.SEE_OTHER).send('');
  }

  @Post('logout')
  @HttpCode(HttpStatus.SEE_OTHER)
  logout(@Res() res: CookieResponse): void {
    res.setHeader('Set-Cookie', cookie('', 0));
    res.setHeader('Location', '/login');
    res.status(HttpStatus.SEE_OTHER).send('');
  }
}

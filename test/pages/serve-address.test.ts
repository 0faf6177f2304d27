import { Logger } from '@nestjs/common';
import { serve } from '../../src/cli/commands/serve';

/** `npm start` (serve) prints where the pages are. */
describe('serve prints the address of the pages', () => {
  it('logs "pages: http://127.0.0.1:<port>/" once it listens', async () => {
    const lines: string[] = [];
    const log = jest
      .spyOn(Logger.prototype, 'log')
      .mockImplementation((m: unknown) => void lines.push(String(m)));
    try {
      const running = serve({ store: 'memory:', port: 0, host: '127.0.0.1', examples: false });
      for (let i = 0; i < 200 && !lines.some((l) => l.startsWith('pages: ')); i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      const pages = lines.find((l) => l.startsWith('pages: '));
      expect(pages).toMatch(/^pages: http:\/\/127\.0\.0\.1:\d+\/$/);
      const res = await fetch(pages!.slice('pages: '.length));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Clubs and leagues');
      // serve stops on SIGTERM (its own listener; no signal is sent to the process).
      process.emit('SIGTERM');
      await running;
    } finally {
      log.mockRestore();
    }
  });
});

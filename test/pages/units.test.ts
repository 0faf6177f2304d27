import { lineChart } from '../../src/app/pages/chart';
import { defused, toCsv } from '../../src/ledger/csv';
import { csv } from '../../src/cli/table';
import { hundredths } from '../../src/app/pages/format';
import { html, raw } from '../../src/app/pages/html';

// Not `h`: prettier would lay out the markup these tests compare byte for byte.
const h = html;

describe('pages: escaping, numbers, CSV, chart', () => {
  it('every value put in a page is escaped; only the template and raw() pass as markup', () => {
    const name = '<script>alert("x")</script> & \'co\'';
    expect(h`<p title="${name}">${name}</p>`.text).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>',
    );
    expect(h`<ul>${['<a>', h`<li>ok</li>`, null, undefined, false, 0]}</ul>`.text).toBe(
      '<ul>&lt;a&gt;<li>ok</li>0</ul>',
    );
    expect(h`${raw('<svg/>')}`.text).toBe('<svg/>');
  });

  it('hundredths are shown exactly, never rounded (NZ totals as the CLI prints them)', () => {
    expect(hundredths(50574)).toBe('505.74');
    expect(hundredths(5005)).toBe('50.05');
    expect(hundredths(0)).toBe('0.00');
    expect(hundredths(-125)).toBe('-1.25');
    expect(hundredths(7)).toBe('0.07');
    // Not hundredths (a bad input): shown as it is rather than invented.
    expect(hundredths(12.5)).toBe('12.5');
  });

  it('CSV by RFC 4180 — a header row, CRLF, quotes doubled, numbers as given', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [-0.5, 'say "hi", then\nleave'],
          [null, undefined],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n-0.5,"say ""hi"", then\nleave"\r\n,\r\n');
    expect(toCsv(['only'], [])).toBe('only\r\n');
  });

  it('CSV formula injection — text starting with = + - @ tab or CR gets a leading quote, numbers never', () => {
    expect(
      toCsv(
        ['name', 'imps'],
        [
          ['=HYPERLINK("http://evil.example","x")', -38],
          ['+1 team', 12],
          ['-x', '-38'],
          ['@SUM(A1)', '+57'],
          ['\tTab', 0.5],
          ['\rCR', -0.25],
          ['a=b', '-1.5'],
          ['', '-'],
        ],
      ),
    ).toBe(
      [
        'name,imps',
        `"'=HYPERLINK(""http://evil.example"",""x"")",-38`,
        "'+1 team,12",
        "'-x,-38",
        "'@SUM(A1),+57",
        "'\tTab,0.5",
        `"'\rCR",-0.25`,
        'a=b,-1.5',
        ',-',
        '',
      ].join('\r\n'),
    );
    expect(defused('-38')).toBe('-38');
    expect(defused('-38 IMPs')).toBe("'-38 IMPs");
    expect(defused('Oxford B')).toBe('Oxford B');
  });

  it("the CLI's CSV (src/contexts/pairs/cli/format-standings.ts) defuses formulas by the same rule", () => {
    expect(
      csv([
        { team: '=HYPERLINK("http://evil.example","x")', netImps: '-38', vp: 52, none: '-' },
        { team: '@cmd', netImps: '+57', vp: -1, none: null },
      ]),
    ).toBe(
      'team,netImps,vp,none\n' +
        `"'=HYPERLINK(""http://evil.example"",""x"")",-38,52,-\n` +
        "'@cmd,+57,-1,\n",
    );
  });

  it('the chart has a title, an escaped legend, and its numbers as a table', () => {
    const out = lineChart({
      id: 'c1',
      title: 'Totals <b>',
      yLabel: 'total, %',
      sessions: [1, 2],
      series: [
        { name: '<pair>', values: [50.5, 101.25] },
        { name: 'late', values: [null, 48] },
      ],
      format: (n) => n.toFixed(2),
    }).text;
    expect(out).toContain('<title id="c1-title">Totals &lt;b&gt;</title>');
    expect(out).toContain('role="img"');
    expect(out).not.toContain('<pair>');
    expect(out).toContain('&lt;pair&gt;');
    expect(out).toMatch(/<details class="chart-data">[\s\S]*<td class="num">101.25<\/td>/);
    expect(out).toContain('<td class="num">—</td>');
    // Nothing to chart: said, no empty SVG.
    const empty = lineChart({
      id: 'e',
      title: 'none',
      yLabel: 'y',
      sessions: [],
      series: [],
      format: String,
    }).text;
    expect(empty).toContain('No session scored yet');
    expect(empty).not.toContain('<svg');
  });
});

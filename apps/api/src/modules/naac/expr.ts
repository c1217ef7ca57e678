/**
 * The formulas of the NAAC metrics and NIRF scores are data: small arithmetic expressions over
 * named inputs (`admitted / sanctioned_intake * 100`, `weight * min(15 * faculty / students, 1)`).
 * This parses them once into a tree (numbers, names, + - * /, parentheses, min, max, unary minus)
 * and evaluates them; nothing else is accepted, so a formula in data can never run code.
 */
export type Expr =
  | { k: 'num'; v: number }
  | { k: 'name'; v: string }
  | { k: 'neg'; e: Expr }
  | { k: 'bin'; op: '+' | '-' | '*' | '/'; l: Expr; r: Expr }
  | { k: 'call'; fn: 'min' | 'max'; args: Expr[] };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_.]*)|(.))/y;

export function parseFormula(src: string): Expr {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    const m = TOKEN.exec(src);
    if (!m) break;
    const t = m[1] ?? m[2] ?? m[3];
    if (t !== undefined && t.trim()) tokens.push(t);
  }
  let i = 0;
  const peek = () => tokens[i];
  const take = (want?: string) => {
    const t = tokens[i++];
    if (want !== undefined && t !== want) throw new Error(`Formula "${src}": expected ${want}`);
    return t;
  };
  const primary = (): Expr => {
    const t = take();
    if (t === undefined) throw new Error(`Formula "${src}" ends early`);
    if (t === '(') {
      const e = sum();
      take(')');
      return e;
    }
    if (t === '-') return { k: 'neg', e: primary() };
    if (/^\d/.test(t)) return { k: 'num', v: Number(t) };
    if (/^[A-Za-z_]/.test(t)) {
      if ((t === 'min' || t === 'max') && peek() === '(') {
        take('(');
        const args = [sum()];
        while (peek() === ',') {
          take(',');
          args.push(sum());
        }
        take(')');
        return { k: 'call', fn: t, args };
      }
      return { k: 'name', v: t };
    }
    throw new Error(`Formula "${src}": unexpected ${t}`);
  };
  const product = (): Expr => {
    let l = primary();
    while (peek() === '*' || peek() === '/') l = { k: 'bin', op: take() as '*' | '/', l, r: primary() };
    return l;
  };
  const sum = (): Expr => {
    let l = product();
    while (peek() === '+' || peek() === '-') l = { k: 'bin', op: take() as '+' | '-', l, r: product() };
    return l;
  };
  const e = sum();
  if (i < tokens.length) throw new Error(`Formula "${src}": unexpected ${tokens[i]}`);
  return e;
}

/** The input names a formula reads, in order of first use. */
export function formulaNames(e: Expr, out: string[] = []): string[] {
  if (e.k === 'name' && !out.includes(e.v)) out.push(e.v);
  if (e.k === 'neg') formulaNames(e.e, out);
  if (e.k === 'bin') {
    formulaNames(e.l, out);
    formulaNames(e.r, out);
  }
  if (e.k === 'call') e.args.forEach((a) => formulaNames(a, out));
  return out;
}

export type EvalResult = { value: number | null; problem: 'missing' | 'division_by_zero' | null };

/** Evaluates with the given inputs; a missing input or a division by zero gives null and says which. */
export function evaluate(e: Expr, vars: Record<string, number | null | undefined>): EvalResult {
  let problem: EvalResult['problem'] = null;
  const go = (x: Expr): number | null => {
    switch (x.k) {
      case 'num':
        return x.v;
      case 'name': {
        const v = vars[x.v];
        if (v === null || v === undefined || !Number.isFinite(v)) {
          problem ??= 'missing';
          return null;
        }
        return v;
      }
      case 'neg': {
        const v = go(x.e);
        return v === null ? null : -v;
      }
      case 'call': {
        const vs = x.args.map(go);
        if (vs.some((v) => v === null)) return null;
        return x.fn === 'min' ? Math.min(...(vs as number[])) : Math.max(...(vs as number[]));
      }
      case 'bin': {
        const l = go(x.l);
        const r = go(x.r);
        if (l === null || r === null) return null;
        if (x.op === '/') {
          if (r === 0) {
            problem ??= 'division_by_zero';
            return null;
          }
          return l / r;
        }
        return x.op === '+' ? l + r : x.op === '-' ? l - r : l * r;
      }
    }
  };
  const value = go(e);
  return { value: value === null ? null : Math.round(value * 100) / 100, problem: value === null ? problem : null };
}

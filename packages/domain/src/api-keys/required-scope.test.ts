import { beforeEach, describe, expect, it } from 'vitest';
import { aTenant } from '../testing';
import { type World, aWorld } from '../testing/test-world';
import { requireScope } from './required-scope';
import { SCOPES } from './scopes';

let world: World;

beforeEach(async () => {
  world = await aWorld([aTenant('alpine')]);
});

describe('requireScope', () => {
  it.each(SCOPES)('admits a principal holding %s and refuses one holding every other scope', (scope) => {
    const principal = world.principal('alpine', [scope]);
    expect(() => requireScope(principal, scope)).not.toThrow();
    const others = world.principal(
      'alpine',
      SCOPES.filter((s) => s !== scope),
    );
    expect(() => requireScope(others, scope)).toThrowError(expect.objectContaining({ code: 'permission_denied' }));
  });
});

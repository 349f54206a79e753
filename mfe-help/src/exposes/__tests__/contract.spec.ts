// This section's contract with the shell (@site/shared-ui/sectionContracts): every module it must expose exists, is
// a component without props, and carries a loader only as a function. The record is type-checked against the
// contract, so a renamed or removed module fails the typecheck and this test before any deploy.
import { contractBreaches, type SectionModules } from '@site/shared-ui/sectionContracts';
import * as HelpRoutes from '../HelpRoutes.tsx';

const exposed = { HelpRoutes } satisfies SectionModules<'help'>;

describe('the help section', () => {
  it('exposes every module of its contract, each of the right shape', () => {
    expect(contractBreaches('help', exposed)).toEqual([]);
  });
});

// Fails a section's build when the modules it exposes are not those of its contract (@site/shared-ui/sectionContracts):
// a renamed or removed module would otherwise deploy, and the shell's pages would break at run time. The contract is
// TypeScript: tsx loads it at build time.
import { createRequire } from 'node:module';
import { tsImport } from 'tsx/esm/api';

const require = createRequire(import.meta.url);
const contractsFile = require.resolve('@site/shared-ui/sectionContracts');

export class SectionContractPlugin {
  /** @param {{ name: string, exposes?: Record<string, string> }} federation the section's federation configuration */
  constructor(federation) {
    this.section = federation.name;
    this.exposedNames = Object.keys(federation.exposes ?? {}).map((key) => key.replace(/^\.\//, ''));
  }

  apply(compiler) {
    const check = async () => {
      const { nameBreaches } = await tsImport(contractsFile, import.meta.url);
      const breaches = nameBreaches(this.section, this.exposedNames);
      if (breaches.length > 0) {
        throw new Error(
          `The ${this.section} section breaks its contract with the shell (@site/shared-ui/sectionContracts): ` +
            `${breaches.join('; ')}. Change the contract and the shell with it, or keep the module.`,
        );
      }
    };
    compiler.hooks.beforeRun.tapPromise('SectionContractPlugin', check);
    compiler.hooks.watchRun.tapPromise('SectionContractPlugin', check);
  }
}

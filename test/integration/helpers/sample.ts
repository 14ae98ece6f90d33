// The sample workspace's build output, discovered and indexed once per test process.
import { strict as assert } from 'node:assert';
import type { ContractArtifact } from '../../../src/core/sourcemap/artifacts';
import { discoverArtifacts, type Discovery } from '../../../src/core/sourcemap/discover';
import { ArtifactIndex } from '../../../src/core/sourcemap/match';
import { sampleWorkspace } from './sample-workspace';

export interface Sample {
  discovery: Discovery;
  index: ArtifactIndex;
  artifact(name: string): ContractArtifact;
}

let sample: Promise<Sample> | undefined;

export function loadSample(): Promise<Sample> {
  sample ??= sampleWorkspace()
    .then(discoverArtifacts)
    .then((discovery) => ({
      discovery,
      index: new ArtifactIndex(discovery.artifacts),
      artifact(name) {
        const found = discovery.artifacts.find((a) => a.name === name);
        assert.ok(found, `no artifact ${name} in the sample workspace`);
        return found;
      },
    }));
  return sample;
}

export interface SbomComponent {
  type: 'library';
  'bom-ref': string;
  name: string;
  version: string;
  purl: string;
  licenses?: ({ license: { id: string } } | { expression: string })[];
  hashes?: { alg: 'SHA-512'; content: string }[];
}

export interface Sbom {
  bomFormat: 'CycloneDX';
  specVersion: '1.5';
  version: 1;
  metadata: {
    timestamp: string;
    component: { 'bom-ref': string; name: string; version: string; purl: string };
    properties: { name: string; value: string }[];
  };
  components: SbomComponent[];
  dependencies: { ref: string; dependsOn: string[] }[];
}

export function makeSbom(options?: { root?: string; platform?: string; arch?: string; now?: Date }): Sbom;

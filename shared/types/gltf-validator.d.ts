// gltf-validator ships no types; this is the part of its API the worker and the tests use.
declare module "gltf-validator" {
  interface ValidationReport {
    issues: {
      numErrors: number;
      numWarnings: number;
      messages: { code: string; message: string; severity: number; pointer?: string }[];
    };
  }
  const validator: {
    validateBytes(
      data: Uint8Array,
      options?: { maxIssues?: number; ignoredIssues?: string[] },
    ): Promise<ValidationReport>;
  };
  export default validator;
}

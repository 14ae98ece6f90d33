// Style sheets imported for their side effect: esbuild bundles them (and the fonts they name) beside the script.
declare module '*.css';

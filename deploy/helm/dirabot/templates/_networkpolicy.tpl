{{/*
The NetworkPolicy peers of one networkPolicy block (ingressController, monitoring): one peer
with namespaceSelector AND podSelector ({} selects everything; podSelector left out when empty),
then one peer per ipBlock.
*/}}
{{- define "dirabot.networkPolicyPeers" -}}
- namespaceSelector:
    {{- toYaml .namespaceSelector | nindent 4 }}
  {{- with .podSelector }}
  podSelector:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- range .ipBlocks }}
- ipBlock:
    {{- toYaml . | nindent 4 }}
{{- end }}
{{- end -}}

package sheet

// Contact fields a header names.
const (
	FieldName   = "name"
	FieldNumber = "number"
	FieldEmail  = "email"
	FieldTags   = "tags"
)

// fields are the header names each field is known by (HeaderKey form).
var fields = map[string]string{
	"name": FieldName, "nome": FieldName, "nombre": FieldName, "isim": FieldName, "ad": FieldName,
	"number": FieldNumber, "numero": FieldNumber, "telefone": FieldNumber, "phone": FieldNumber, "celular": FieldNumber,
	"whatsapp": FieldNumber, "telefono": FieldNumber, "fone": FieldNumber,
	"email": FieldEmail, "e-mail": FieldEmail, "mail": FieldEmail, "correo": FieldEmail, "eposta": FieldEmail, "e-posta": FieldEmail,
	"tags": FieldTags, "tag": FieldTags, "etiquetas": FieldTags, "etiqueta": FieldTags, "etiketler": FieldTags,
}

// FieldOf is the contact field a header cell names ("" when none).
func FieldOf(header string) string { return fields[HeaderKey(header)] }

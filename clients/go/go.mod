module agora.dev/clients/go

go 1.19

require (
	google.golang.org/grpc v1.33.3
	google.golang.org/protobuf v1.28.1
)

// grpc 1.33's codec marshals through github.com/golang/protobuf, whose 1.4 releases (what
// grpc 1.33 asks for) do not work with google.golang.org/protobuf 1.26 and later.
require github.com/golang/protobuf v1.5.2 // indirect
